// The readme result schemas are written with the analysis-engine issue's readme work.
export {};

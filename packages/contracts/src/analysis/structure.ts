// The structure result schemas are written with the analysis-engine issue's structure work.
export {};

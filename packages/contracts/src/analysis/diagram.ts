// The diagram result schemas are written with the analysis-engine issue's diagram work.
export {};

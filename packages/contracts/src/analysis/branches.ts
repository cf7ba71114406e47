// The branches result schemas are written with the analysis-engine issue's branches work.
export {};

// The history result schemas are written with the analysis-engine issue's history work.
export {};

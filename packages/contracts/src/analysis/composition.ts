// The composition result schemas are written with the analysis-engine issue's composition work.
export {};

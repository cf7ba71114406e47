export { analyzeHistory, type HistoryAnalysisOptions } from './analyze-history.js';
export { KNOWN_AGENT_LOGINS, KNOWN_BOT_LOGINS, isAgentLogin, isBot } from './identity.js';

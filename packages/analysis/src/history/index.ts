export { analyzeHistory, type HistoryAnalysisOptions } from './analyze-history.js';
export {
  KNOWN_AGENT_COAUTHORS,
  KNOWN_AGENT_LOGINS,
  KNOWN_BOT_LOGINS,
  agentOfCoauthor,
  isAgentLogin,
  isBot,
} from './identity.js';
export { agentCoauthorsOf, coAuthorsOf, type CoAuthor } from './coauthor-trailers.js';

/**
 * Page budgets (issue 10 §5), in bytes as they travel: brotli, the encoding Chromium asks for
 * (`Accept-Encoding: gzip, deflate, br, zstd`) and the server sends from the build's .br files.
 *
 * The goal for the login page's JavaScript is 120 KB. The ceiling checked here is what
 * the login page loads today (169,134 bytes) plus about 3 KB, so CI fails on any real growth while
 * the rest of the way is made;
 * docs/architecture.md ("Page budgets") says what is in those bytes and what moving the goal needs.
 */
export const LOGIN_JS_GOAL_BYTES = 120_000;
export const LOGIN_JS_BUDGET_BYTES = 172_000;

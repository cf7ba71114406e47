/** The session check's address, apart from its request (which loads zod): early requests use it. */
export const VERIFY_PATH = '/api/auth/verify';

/** Spec §7: answers may come wrapped as `{success: true, data}` or bare; callers see only the data. */
export function unwrap(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body) {
    const record = body as Record<string, unknown>;
    if (record.success === true || Object.keys(record).length === 1) return record.data;
  }
  return body;
}

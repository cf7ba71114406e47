/** Spec §2: the name, else the part of the e-mail before the @. */
export function displayName(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim();
  if (name) return name;
  return user.email.split('@')[0] || user.email;
}

export function initialOf(user: { name?: string | null; email: string }): string {
  const first = Array.from(displayName(user))[0] ?? '?';
  return first.toLocaleUpperCase();
}

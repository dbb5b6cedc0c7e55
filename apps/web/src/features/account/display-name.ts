/** The nickname, or user_{id} while the member has not chosen one. */
export function displayName(me: { id: number; nickname?: string | null }): string {
  const nickname = me.nickname?.trim();
  return nickname ? nickname : `user_${me.id}`;
}

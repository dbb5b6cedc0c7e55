/** Text of a count badge: above 99 is "99+"; nothing for zero or no count. */
export function formatBadgeCount(count: number | null | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export function Badge({ count, label }: { count?: number | null; label?: string }) {
  const text = formatBadgeCount(count);
  if (text === null) return null;
  return (
    <span className="badge" aria-label={label ? `${text} ${label}` : undefined}>
      {text}
    </span>
  );
}

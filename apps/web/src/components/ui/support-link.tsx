import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSupportLink } from '../../lib/support';

/** A link to a person: the club's chat when one is set (new tab), else its support form. */
export function SupportLink({
  className,
  children,
  label,
  query = '',
}: {
  className?: string;
  children: ReactNode;
  /** An accessible name when the content is an icon. */
  label?: string;
  /** Added to the support form's address (`?topic=password`); a chat link takes none. */
  query?: string;
}) {
  const link = useSupportLink();
  return link.external ? (
    <a
      className={className}
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
    >
      {children}
    </a>
  ) : (
    <Link className={className} to={`${link.href}${query}`} aria-label={label}>
      {children}
    </Link>
  );
}

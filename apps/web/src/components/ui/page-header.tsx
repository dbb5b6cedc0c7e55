import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from './icons';

interface PageHeaderProps {
  title: string;
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, backTo, backLabel, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      {backTo ? (
        <Link to={backTo} className="page-header__back" aria-label={backLabel}>
          <BackIcon />
        </Link>
      ) : (
        <span className="page-header__spacer" />
      )}
      <h1 className="page-header__title">{title}</h1>
      <span className="page-header__actions">{actions}</span>
    </header>
  );
}

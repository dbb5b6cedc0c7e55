import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useListTrailers } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { Poster } from '../../components/ui/poster';

const CATEGORIES = ['hot', 'new', 'soon'] as const;
type Category = (typeof CATEGORIES)[number];

/** `/category`: published trailers by the category operators gave them. */
export function CategoryPage() {
  const { t } = useTranslation();
  const trailers = useListTrailers();
  const [category, setCategory] = useState<Category>('hot');
  const shown = (trailers.data ?? []).filter((trailer) => trailer.category === category);
  return (
    <main className="page">
      <PageHeader title={t('routes.category')} backTo="/" backLabel={t('common.back')} />
      <div className="tabs" role="tablist" aria-label={t('routes.category')}>
        {CATEGORIES.map((c) => (
          <button
            key={c}
            id={`category-tab-${c}`}
            type="button"
            role="tab"
            aria-selected={c === category}
            aria-controls="category-panel"
            className={`tabs__tab${c === category ? ' is-active' : ''}`}
            onClick={() => setCategory(c)}
          >
            {t(`category.${c}`)}
          </button>
        ))}
      </div>
      {/* The panel holds the list: a list with role="tabpanel" is no list to a screen reader. */}
      <div id="category-panel" role="tabpanel" aria-labelledby={`category-tab-${category}`}>
        {trailers.isPending ? <p className="empty">{t('common.loading')}</p> : null}
        {trailers.isSuccess && shown.length === 0 ? (
          <p className="empty">{t('common.noRecords')}</p>
        ) : null}
        <ul className="film-grid">
          {shown.map((trailer) => (
            <li key={trailer.id} className="film-card">
              <Link to={`/films/${trailer.id}`} className="film-card__link">
                <Poster src={trailer.image_url} />
                <span className="film-card__title">{trailer.title}</span>
                <span className="button button--primary button--small">{t('films.watch')}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useMomentsFeed } from './api';
import { MomentCard } from './moment-card';

function Feed({ mine, userId }: { mine: boolean; userId?: number }) {
  const { t } = useTranslation();
  const feed = useMomentsFeed(mine, userId);
  const end = useRef<HTMLDivElement>(null);
  const posts = feed.data?.pages.flat() ?? [];
  useEffect(() => {
    const node = end.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && feed.hasNextPage && !feed.isFetchingNextPage)
        void feed.fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [feed]);
  return (
    <>
      {feed.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {feed.isSuccess && posts.length === 0 ? <p className="empty">{t('moments.none')}</p> : null}
      <ul className="record-list">
        {posts.map((moment) => (
          <MomentCard key={moment.id} moment={moment} onRemoved={() => void feed.refetch()} />
        ))}
      </ul>
      <div ref={end} />
      {feed.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost button--block load-more"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {t('moments.more')}
        </button>
      ) : null}
    </>
  );
}

/** `/moments`: the feed, a search by member ID (with Reset), and the post popup. */
export function MomentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const userId = Number(search.get('user')) || undefined;
  const [searching, setSearching] = useState(false);
  const [posting, setPosting] = useState(false);
  const [typed, setTyped] = useState(userId ? String(userId) : '');
  const valid = /^[1-9]\d{0,9}$/.test(typed.trim());

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSearch({ user: typed.trim() });
    setSearching(false);
  };
  return (
    <main className="page">
      <PageHeader title={t('routes.moments')} backTo="/" backLabel={t('common.back')} />
      <div className="toolbar">
        <Link to="/mine/record" className="button button--ghost button--small">
          {t('routes.record')}
        </Link>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setSearching(true)}
        >
          {t('moments.search')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => setPosting(true)}
        >
          {t('moments.post')}
        </button>
      </div>
      {userId ? (
        <p className="form__note" role="status">
          {t('moments.onlyMember', { id: userId })}{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setSearch({})}
          >
            {t('moments.reset')}
          </button>
        </p>
      ) : null}
      <Feed mine={false} userId={userId} />
      <Modal open={searching} onClose={() => setSearching(false)} title={t('moments.search')}>
        <form className="form" onSubmit={onSearch} noValidate>
          <TextField
            label={t('moments.memberId')}
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <div className="modal__buttons">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setTyped('');
                setSearch({});
                setSearching(false);
              }}
            >
              {t('moments.reset')}
            </button>
            <button type="submit" className="button button--primary" disabled={!valid}>
              {t('moments.search')}
            </button>
          </div>
        </form>
      </Modal>
      <Modal open={posting} onClose={() => setPosting(false)} title={t('moments.post')}>
        <div className="modal__buttons modal__buttons--column">
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigate('/moments/create-text')}
          >
            {t('moments.text')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigate('/moments/create')}
          >
            {t('moments.pictureText')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setPosting(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </Modal>
    </main>
  );
}

/** `/mine/record`: the member's own posts ("No record" when none). */
export function RecordPage() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <PageHeader title={t('routes.record')} backTo="/moments" backLabel={t('common.back')} />
      <Feed mine />
    </main>
  );
}

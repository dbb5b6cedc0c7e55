import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { z } from 'zod';
import { txIdSchema } from '@app/domain';
import { ChevronIcon, CopyIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { copyText } from '../../lib/clipboard';
import { translateFieldError } from '../../lib/form-errors';
import { useClaimDeposit, useDepositAddress, useGetCard } from './api';

/** Spec section 4: after a 200 the loader stays, then back to /mine. */
export const REDIRECT_AFTER_RECHARGE_MS = 2000;

/**
 * `/mine/recharge`: USDT on TRON, and a card payment only while card
 * deposits are on (an operator set a card; GET /card answers null otherwise).
 */
export function RechargeMethodPage() {
  const { t } = useTranslation();
  const cardOn = Boolean(useGetCard().data?.card);
  return (
    <main className="page">
      <PageHeader title={t('routes.recharge')} backTo="/mine" backLabel={t('common.back')} />
      <ul className="menu">
        <li>
          <Link className="menu__row" to="/mine/recharge-code">
            <span>{t('recharge.usdt')}</span>
            <ChevronIcon />
          </Link>
        </li>
        {cardOn ? (
          <li>
            <Link className="menu__row" to="/mine/recharge-card">
              <span>{t('card.method')}</span>
              <ChevronIcon />
            </Link>
          </li>
        ) : null}
      </ul>
    </main>
  );
}

function AddressQr({ address }: { address: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(address, { margin: 1, width: 220 }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [address]);
  return src ? (
    <img className="qr" src={src} width={220} height={220} alt={t('recharge.qrAlt')} />
  ) : (
    <span className="qr qr--pending" aria-hidden="true" />
  );
}

const claimSchema = z.object({ code: txIdSchema });

/**
 * `/mine/recharge-code`: the member's own TRC-20 address (QR and copy). A
 * transfer there is credited by itself once the network confirms it; the tx
 * id form only asks for the check now.
 */
export function RechargeCodePage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const address = useDepositAddress({ query: { retry: false } });
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const claim = useClaimDeposit();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof claimSchema>, unknown, z.output<typeof claimSchema>>({
    resolver: zodResolver(claimSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await claim.mutateAsync({ data: { tx_id: code } });
      setDone(true);
      timer.current = setTimeout(() => navigate('/mine'), REDIRECT_AFTER_RECHARGE_MS);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TX_ALREADY_SUBMITTED') {
        setError('code', { type: 'server', message: t('errors.txAlreadySubmitted') });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  });

  const unavailable =
    address.error instanceof ApiError && address.error.code === 'DEPOSITS_UNAVAILABLE';
  const value = address.data?.address;
  return (
    <main className="page">
      <PageHeader
        title={t('routes.rechargeCode')}
        backTo="/mine/recharge"
        backLabel={t('common.back')}
      />
      <section className="deposit-card" aria-label={t('recharge.addressTitle')}>
        <dl className="summary-list">
          <div>
            <dt>{t('recharge.currency')}</dt>
            <dd>USDT</dd>
          </div>
          <div>
            <dt>{t('recharge.network')}</dt>
            <dd>TRC-20</dd>
          </div>
        </dl>
        {address.isPending ? <p className="empty">{t('common.loading')}</p> : null}
        {unavailable ? (
          <p className="form__error" role="alert">
            {t('errors.depositsUnavailable')}
          </p>
        ) : address.isError ? (
          <p className="form__error" role="alert">
            {t(apiErrorKey(address.error))}
          </p>
        ) : null}
        {value ? (
          <>
            <AddressQr address={value} />
            <p className="deposit-card__address break-all" data-testid="deposit-address">
              {value}
            </p>
            <button
              type="button"
              className="button button--primary"
              onClick={async () =>
                toast((await copyText(value)) ? t('recharge.copied') : t('invite.copyFailed'))
              }
            >
              <CopyIcon /> {t('recharge.copy')}
            </button>
          </>
        ) : null}
      </section>
      <p className="form__note">{t('recharge.automatic')}</p>
      <p className="form__note">{t('recharge.onlyUsdt')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('recharge.txId')}
          placeholder={t('recharge.txIdPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          error={translateFieldError(t, errors.code?.message)}
          {...register('code')}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={claim.isPending || done || !value}
        >
          {t('recharge.submit')}
        </button>
      </form>
      {claim.isPending || done ? (
        <div className="loader-overlay" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{done ? t('recharge.submitted') : t('common.loading')}</span>
        </div>
      ) : null}
    </main>
  );
}

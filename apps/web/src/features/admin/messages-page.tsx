import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendMessage } from './api';
import { TextField } from '../../components/ui/text-field';
import { apiErrorKey } from '../../lib/api-errors';

/** `/admin/messages` (admin, support): a message to one member or to every member. */
export function MessagesAdminPage() {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [to, setTo] = useState<'all' | 'one'>('all');
  const [memberId, setMemberId] = useState('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const idValid = to === 'all' || /^[1-9]\d{0,9}$/.test(memberId.trim());
  const valid = idValid && title.trim().length > 0 && text.trim().length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      await send.mutateAsync({
        data: {
          title: title.trim(),
          description: text.trim(),
          ...(to === 'one' ? { user_id: Number(memberId.trim()) } : {}),
        },
      });
      setMessage(
        t(to === 'all' ? 'admin.messages.sentAll' : 'admin.messages.sentOne', {
          id: memberId.trim(),
        }),
      );
      setTitle('');
      setText('');
    } catch (error) {
      setMessage(t(apiErrorKey(error)));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="send-title">
      <h2 id="send-title" className="section-title">
        {t('admin.messages.title')}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="radio-row">
          <legend className="field__label">{t('admin.messages.to')}</legend>
          {(['all', 'one'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="to" checked={to === value} onChange={() => setTo(value)} />{' '}
              {t(`admin.messages.${value}`)}
            </label>
          ))}
        </fieldset>
        {to === 'one' ? (
          <TextField
            label={t('admin.messages.memberId')}
            inputMode="numeric"
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
          />
        ) : null}
        <TextField
          label={t('admin.messages.subject')}
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor="message-text">
            {t('admin.messages.text')}
          </label>
          <textarea
            id="message-text"
            className="field__input field__textarea"
            maxLength={5000}
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        {confirming ? (
          <p className="form__note" role="status">
            {t(to === 'all' ? 'admin.messages.confirmAll' : 'admin.messages.confirmOne', {
              id: memberId.trim(),
            })}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={!valid || send.isPending}
        >
          {confirming ? t('admin.messages.confirm') : t('admin.messages.send')}
        </button>
        {message ? (
          <p className="form__note" role="status" data-testid="message-result">
            {message}
          </p>
        ) : null}
      </form>
    </section>
  );
}

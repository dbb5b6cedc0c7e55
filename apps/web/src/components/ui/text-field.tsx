import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Label, control and the error under it, announced to screen readers. */
function Field({
  inputId,
  label,
  error,
  className,
  children,
}: {
  inputId: string;
  label: string;
  error?: string;
  className?: string;
  children: (a11y: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const errorId = `${inputId}-error`;
  return (
    <div className={`field ${error ? 'has-error' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      {children({
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error under it. */
export function TextField({ label, error, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field inputId={inputId} label={label} error={error} className={className}>
      {(a11y) => <input id={inputId} className="field__input" {...a11y} {...input} />}
    </Field>
  );
}

/** Password input with a show/hide toggle (spec section 4). */
export function PasswordField({
  label,
  error,
  id,
  className,
  ...input
}: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <Field inputId={inputId} label={label} error={error} className={className}>
      {(a11y) => (
        <div className="field__password">
          <input
            id={inputId}
            className="field__input"
            type={visible ? 'text' : 'password'}
            {...a11y}
            {...input}
          />
          <button
            type="button"
            className="field__toggle"
            aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}

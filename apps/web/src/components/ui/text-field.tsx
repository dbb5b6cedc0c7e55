import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Svg, type IconProps } from './svg';

// The password field's own icons, not in icons.tsx: the sign-in page loads
// this field and none of the other icons (issue 41, /login's script budget).
const EyeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

const EyeOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Svg>
);

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

import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardForm } from './billing-types';
import { formatCardNumber, formatExpiry } from './billing.fns';

/** Holder name, number, expiry and CVV, shared by the card screen and the sandbox checkout. */
export function CardFields({ value, errors, onChange }: { value: CardForm; errors: Partial<Record<keyof CardForm, string>>; onChange: (value: CardForm) => void }) {
  const { t } = useTranslation('billing');
  const field = (name: keyof CardForm, label: string, input: InputHTMLAttributes<HTMLInputElement>, format?: (raw: string) => string) => (
    <div className={`form-field form-field--${name}`}>
      <label htmlFor={`card-${name}`}>{label}</label>
      <input
        id={`card-${name}`}
        name={name}
        value={value[name]}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `card-${name}-error` : undefined}
        onChange={(event) => onChange({ ...value, [name]: format ? format(event.target.value) : event.target.value })}
        {...input}
      />
      {errors[name] && (
        <p id={`card-${name}-error`} className="form-field__error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <div className="card-fields">
      {field('card_name', t('card.name'), { autoComplete: 'cc-name', dir: 'auto' })}
      {field('card_number', t('card.number'), { autoComplete: 'cc-number', inputMode: 'numeric', dir: 'ltr', placeholder: '1234 5678 9012 3456' }, formatCardNumber)}
      <div className="card-fields__row">
        {field('expiry', t('card.expiry'), { autoComplete: 'cc-exp', inputMode: 'numeric', dir: 'ltr', placeholder: t('card.expiryPlaceholder') }, formatExpiry)}
        {field('cvv', t('card.cvv'), { autoComplete: 'cc-csc', inputMode: 'numeric', dir: 'ltr', maxLength: 4, placeholder: '123' }, (raw) => raw.replace(/\D/g, '').slice(0, 4))}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Isolated } from '../../components/isolated';
import { cardBrandLabel, cardExpiry, maskedCardNumber, type CardNameParts } from '../../../../contract/cards';
import type { Subscription } from './billing-types';

type Card = NonNullable<Subscription['card']>;

/**
 * The saved card as the payment management and membership pages show it: "VISA •••• 4242" and its
 * expiry; `details` adds the holder's name and whether 3-D Secure verified it.
 */
export function SavedCard({ card, details = false }: { card: Card; details?: boolean }) {
  const { t } = useTranslation('billing');
  return (
    <>
      <p className="billing-card-summary__number" data-testid="saved-card-number">
        <CardName card={card} />
      </p>
      <p className="muted" data-testid="saved-card-expiry">
        {t('payment.expires', { date: cardExpiry(card) })}
        {details && card.holder_name && (
          <>
            {' · '}
            <Isolated kind="name">{card.holder_name}</Isolated>
          </>
        )}
        {details && card.verified && <> · {t('payment.verified')}</>}
      </p>
    </>
  );
}

/** "VISA •••• 4242": one left-to-right run in Arabic too, as on the card (two runs read "•••• 4242 VISA"). */
export function CardName({ card }: { card: CardNameParts }) {
  return (
    <bdi dir="ltr">
      <span className="billing-card-summary__brand">{cardBrandLabel(card.brand)}</span> {maskedCardNumber(card.last4)}
    </bdi>
  );
}

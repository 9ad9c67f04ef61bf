// Shapes of the billing calls of the contract (shared/API.md "Plans, subscription, billing").

// The response shapes come from the shared contract (contract/billing.ts).
export type {
  CardCheck,
  CardSaved,
  CheckoutAnswer,
  Frequency,
  Invoice,
  PlanBrief,
  PlanPreview,
  SandboxPaid,
  SandboxSession,
  SubscribeAnswer,
  Subscription,
} from '../../../../contract/billing';

/** The card form (POST /api/user/update-billing, the sandbox checkout). */
export interface CardForm {
  card_name: string;
  card_number: string;
  expiry: string;
  cvv: string;
}

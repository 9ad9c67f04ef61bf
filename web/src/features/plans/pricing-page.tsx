import { PricingSection } from './pricing-section';

export function PricingPage() {
  return (
    <div className="page-section">
      <PricingSection headingLevel={1} />
    </div>
  );
}

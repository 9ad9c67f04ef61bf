-- The seller's details printed on every invoice, set by an administrator on the site settings
-- page: name, address (several lines) and VAT number. Empty by default: the invoice then keeps
-- INVOICE_SELLER_NAME / INVOICE_SELLER_ADDRESS of the environment and prints no VAT number.
-- Not public: GET /api/site-settings does not list them.
insert into site_settings (setting_name, setting_value, is_public) values
  ('invoice_seller_name', '', false),
  ('invoice_seller_address', '', false),
  ('invoice_seller_vat_number', '', false)
on conflict (setting_name) do nothing;

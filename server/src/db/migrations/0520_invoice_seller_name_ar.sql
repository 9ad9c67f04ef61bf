-- The seller's name in Arabic, beside the Latin one of 0360: the Arabic invoice's heading and the
-- name in ZATCA's QR code. Empty by default: INVOICE_SELLER_NAME_AR of the environment, else none
-- (the Arabic invoice then writes the Latin name). Not public, as the other seller settings.
insert into site_settings (setting_name, setting_value, is_public) values
  ('invoice_seller_name_ar', '', false)
on conflict (setting_name) do nothing;

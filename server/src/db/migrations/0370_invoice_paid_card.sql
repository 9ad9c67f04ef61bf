-- How a paid invoice was paid: the brand and last four digits of the card it was paid with
-- ("Paid by VISA •••• 4242" on the invoice), kept with the invoice when it is paid, so changing
-- the card later does not change an issued invoice. Null for an invoice not paid by card, or
-- paid before this column (its card is not known for sure).
alter table invoices add column paid_card_brand text;
alter table invoices add column paid_card_last4 text;

-- Like what was billed (invoices_immutable, 0042), the card of a paid invoice stays as it was paid.
create function invoices_paid_card_kept() returns trigger language plpgsql as $$
begin
  if old.status = 'paid' and (new.paid_card_brand is distinct from old.paid_card_brand or new.paid_card_last4 is distinct from old.paid_card_last4) then
    raise exception 'invoice % is paid and its card cannot be changed', old.number;
  end if;
  return new;
end;
$$;

create trigger invoices_paid_card_kept before update on invoices for each row execute function invoices_paid_card_kept();

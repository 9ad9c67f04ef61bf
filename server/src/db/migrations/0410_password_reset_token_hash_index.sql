-- The reset page asks for its address with the token alone (GET /api/password-reset/{token}): look tokens up by hash.
create index password_reset_tokens_token_hash_idx on password_reset_tokens (token_hash);

-- Arabic review (docs/terminology.md): seeded texts that read as calques, and a plan feature
-- that starts with Latin ("DOCX وXLSX…") now starts with an Arabic label, so it reads right to
-- left in any layout. Only rows that still hold the seeded wording change; an admin's own
-- text stays as written.

update plans set badge_title_ar = 'الأوفر' where badge_title_ar = 'أفضل قيمة';

update site_settings
set setting_value = 'انضم إلى ندوتنا المجانية عبر الإنترنت: كيف تحقق أقصى استفادة من الترجمة الآلية للعربية.'
where setting_name = 'webinar_text_ar'
  and setting_value = 'انضم إلى ندوتنا المجانية عبر الإنترنت: كيف تستفيد إلى أقصى حد من الترجمة الآلية للعربية.';

update plans
set features_ar = replace(features_ar::text, '"DOCX وXLSX وPPTX وXLIFF وPDF"', '"الصيغ: DOCX وXLSX وPPTX وXLIFF وPDF"')::jsonb
where features_ar::text like '%"DOCX وXLSX وPPTX وXLIFF وPDF"%';

-- Admin-written texts that disagreed with each other (twenty-fourth session). The terms' own heading
-- (the page's title) said "Terms and conditions" / «الشروط والأحكام» where the footer, the sign-up
-- form and the browser tab say "Terms of use" / «شروط الاستخدام»; the contact page promised an answer
-- in two working days where the request form, its e-mail and the Enterprise plan promise one. Only
-- rows that still hold the seeded wording change; an admin's own text stays as written.

update site_settings
set setting_value = replace(setting_value, E'# Terms and conditions\n', E'# Terms of use\n')
where setting_name = 'terms_conditions'
  and setting_value = E'# Terms and conditions\n\nLisan is offered in beta. Machine translation can be wrong: do not rely on it for official documents. You keep the rights to the texts and files you upload; we process them only to translate them for you and delete them as your history settings say.';

update site_settings
set setting_value = replace(setting_value, E'# الشروط والأحكام\n', E'# شروط الاستخدام\n')
where setting_name = 'terms_conditions_ar'
  and setting_value = E'# الشروط والأحكام\n\nتُقدَّم خدمة لسان في نسختها التجريبية. قد تخطئ الترجمة الآلية، فلا تعتمد عليها في الوثائق الرسمية. تبقى حقوق النصوص والملفات التي ترفعها لك، ولا نعالجها إلا لترجمتها لك، ونحذفها وفق إعدادات سجلك.';

update content_pages
set body_en = replace(body_en, 'within two working days.', 'within one working day.')
where section = 'page' and slug = 'contact'
  and body_en = E'We answer every message within two working days.\n\nTo order professional human translation, proofreading or editing, or to ask for an enterprise quotation, use the [request form](/human-translation): it lets you attach your document.';

update content_pages
set body_ar = replace(body_ar, 'خلال يومي عمل.', 'خلال يوم عمل واحد.')
where section = 'page' and slug = 'contact'
  and body_ar = E'نرد على كل رسالة خلال يومي عمل.\n\nلطلب ترجمة بشرية احترافية أو تدقيق أو تحرير، أو لطلب عرض سعر للمؤسسات، استخدم [نموذج الطلب](/human-translation)، إذ يتيح لك إرفاق مستندك.';

update plans
set text_under_button_en = 'We answer within one working day'
where text_under_button_en = 'We answer within one business day';

-- Defaults of spec section 9 and the public plans. Admins change them later.

insert into site_settings (setting_name, setting_value) values
  ('guest_text_quota', '20'),
  ('guest_doc_quota', '2'),
  ('guest_allowed_format', 'docx'),
  ('guest_file_size', '2'),
  ('guest_words_count', '2000'),
  ('guest_doc_words_count', '2000'),
  ('payment_gateway', 'sandbox'),
  ('terms_conditions', E'# Terms and conditions\n\nLisan is offered in beta. Machine translation can be wrong: do not rely on it for official documents. You keep the rights to the texts and files you upload; we process them only to translate them for you and delete them as your history settings say.'),
  ('terms_conditions_ar', E'# الشروط والأحكام\n\nتُقدَّم خدمة لسان في نسختها التجريبية. قد تخطئ الترجمة الآلية، فلا تعتمد عليها في الوثائق الرسمية. تبقى حقوق النصوص والملفات التي ترفعها لك، ولا نعالجها إلا لترجمتها لك، ونحذفها وفق إعدادات سجلك.'),
  ('privacy_policy_en', E'# Privacy notice\n\nWe store your account details, your translation history and, only with your consent, anonymous usage analytics. We never sell your data. You can delete your history or your whole account at any time.'),
  ('privacy_policy_ar', E'# إشعار الخصوصية\n\nنحفظ بيانات حسابك وسجل ترجماتك، ولا نجمع إحصاءات الاستخدام المجهولة إلا بموافقتك. لا نبيع بياناتك أبدًا، ويمكنك حذف سجلك أو حسابك كله في أي وقت.'),
  ('webinar_text_en', 'Join our free webinar: getting the most out of machine translation for Arabic.'),
  ('webinar_text_ar', 'انضم إلى ندوتنا المجانية عبر الإنترنت: كيف تستفيد إلى أقصى حد من الترجمة الآلية للعربية.'),
  ('webinar_link_en', '/blog'),
  ('webinar_link_ar', '/blog');

insert into plans (
  slug, sort_order, is_trial, is_team, price, price_yearly,
  name_en, name_ar, price_en, price_ar,
  features_en, features_ar,
  button_text_en, button_text_ar, description_en, description_ar,
  text_under_button_en, text_under_button_ar,
  badge_color_en, badge_color_ar, badge_title_en, badge_title_ar,
  daily_text_requests, monthly_doc_requests, char_limit, text_words, doc_words, doc_chars,
  monthly_files, web_pages, max_file_size_mb, file_formats, llm_enabled
) values
(
  'free-trial', 1, true, false, 0, 0,
  'Free trial', 'تجربة مجانية', '0', '0',
  '[{"1": "7 days, no card needed"}, {"2": "50 text translations a day"}, {"3": "5 documents a month"}, {"4": "DOCX, XLSX, PPTX, XLIFF and PDF"}]',
  '[{"1": "7 أيام دون بطاقة"}, {"2": "50 ترجمة نصية يوميًا"}, {"3": "5 مستندات شهريًا"}, {"4": "DOCX وXLSX وPPTX وXLIFF وPDF"}]',
  'Start free trial', 'ابدأ التجربة المجانية',
  'Try every feature for a week.', 'جرّب كل الميزات لمدة أسبوع.',
  'No credit card required', 'لا حاجة إلى بطاقة ائتمان',
  '', '', '', '',
  50, 5, 5000, 1000, 5000, 30000, 5, 10, 5, '{docx,xlsx,pptx,xliff,pdf}', false
),
(
  'hobbyist', 2, false, false, 9, 90,
  'Hobbyist', 'الهواة', '9', '9',
  '[{"1": "200 text translations a day"}, {"2": "20 documents a month"}, {"3": "Documents up to 20,000 words"}, {"4": "50 web pages"}]',
  '[{"1": "200 ترجمة نصية يوميًا"}, {"2": "20 مستندًا شهريًا"}, {"3": "مستندات حتى 20,000 كلمة"}, {"4": "50 صفحة ويب"}]',
  'Choose Hobbyist', 'اختر باقة الهواة',
  'For personal projects and students.', 'للمشاريع الشخصية والطلاب.',
  'Cancel any time', 'يمكنك الإلغاء في أي وقت',
  '', '', '', '',
  200, 20, 5000, 1000, 20000, 120000, 20, 50, 10, '{docx,xlsx,pptx,xliff,pdf}', false
),
(
  'start-up', 3, false, true, 29, 290,
  'Start-up', 'الشركات الناشئة', '29', '29',
  '[{"1": "1,000 text translations a day"}, {"2": "100 documents a month"}, {"3": "Documents up to 100,000 words"}, {"4": "Team accounts and shared glossary"}, {"5": "500 web pages"}]',
  '[{"1": "1,000 ترجمة نصية يوميًا"}, {"2": "100 مستند شهريًا"}, {"3": "مستندات حتى 100,000 كلمة"}, {"4": "حسابات فرق ومسرد مشترك"}, {"5": "500 صفحة ويب"}]',
  'Choose Start-up', 'اختر باقة الشركات الناشئة',
  'For small teams that translate every day.', 'للفرق الصغيرة التي تترجم يوميًا.',
  'Billed per user', 'يُحتسب السعر لكل مستخدم',
  '#0f766e', '#0f766e', 'Most popular', 'الأكثر شيوعًا',
  1000, 100, 10000, 2000, 100000, 600000, 100, 500, 25, '{docx,xlsx,pptx,xliff,pdf}', true
),
(
  'pro', 4, false, true, 59, 590,
  'Pro', 'الاحترافية', '59', '59',
  '[{"1": "5,000 text translations a day"}, {"2": "500 documents a month"}, {"3": "Documents up to 300,000 words"}, {"4": "Large language model mode"}, {"5": "2,000 web pages"}]',
  '[{"1": "5,000 ترجمة نصية يوميًا"}, {"2": "500 مستند شهريًا"}, {"3": "مستندات حتى 300,000 كلمة"}, {"4": "وضع النموذج اللغوي الكبير"}, {"5": "2,000 صفحة ويب"}]',
  'Choose Pro', 'اختر الباقة الاحترافية',
  'For professional translators and agencies.', 'للمترجمين المحترفين والوكالات.',
  'Billed per user', 'يُحتسب السعر لكل مستخدم',
  '#7c3aed', '#7c3aed', 'Best value', 'أفضل قيمة',
  5000, 500, 20000, 4000, 300000, 1800000, 500, 2000, 50, '{docx,xlsx,pptx,xliff,pdf}', true
),
(
  'enterprise', 5, false, true, 0, 0,
  'Enterprise', 'المؤسسات', '0', '0',
  '[{"1": "Custom quotas"}, {"2": "Single sign-on and audit log"}, {"3": "Dedicated support"}, {"4": "Human translation and proofreading"}]',
  '[{"1": "حصص مخصصة"}, {"2": "تسجيل دخول موحد وسجل تدقيق"}, {"3": "دعم مخصص"}, {"4": "ترجمة بشرية وتدقيق لغوي"}]',
  'Request a quotation', 'اطلب عرض سعر',
  'For organisations with custom needs.', 'للمؤسسات ذات الاحتياجات الخاصة.',
  'We answer within one business day', 'نرد خلال يوم عمل واحد',
  '', '', '', '',
  20000, 5000, 50000, 10000, 1000000, 6000000, 5000, 10000, 100, '{docx,xlsx,pptx,xliff,pdf}', true
);

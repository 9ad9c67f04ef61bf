-- Issue 14 item 18: the privacy notice says what the analytics record (page views and, with
-- consent, session replays with typed text and translations masked), instead of promising
-- "anonymous usage analytics". Only the seeded wording changes; an admin's own text stays.

update site_settings
set setting_value = E'# Privacy notice\n\nWe store your account details and your translation history. We never sell your data. You can delete your history or your whole account at any time.\n\n## Analytics and session recordings\n\nOnly if you accept the optional cookies, we count the pages you open and record your visits: the pages, clicks and scrolling, so we can see where Lisan is hard to use. What you type, your texts and your translations are masked in these recordings, and passwords and payment fields are never recorded. Recordings are shown to Lisan''s administrators under a random visitor number and deleted automatically after the retention period. If you decline, nothing is recorded and page views are counted without any identifier.'
where setting_name = 'privacy_policy_en'
  and setting_value = E'# Privacy notice\n\nWe store your account details, your translation history and, only with your consent, anonymous usage analytics. We never sell your data. You can delete your history or your whole account at any time.';

update site_settings
set setting_value = E'# إشعار الخصوصية\n\nنحفظ بيانات حسابك وسجل ترجماتك. لا نبيع بياناتك أبدًا، ويمكنك حذف سجلك أو حسابك كله في أي وقت.\n\n## الإحصاءات وتسجيل الجلسات\n\nإذا قبلت ملفات تعريف الارتباط الاختيارية فقط، نحصي الصفحات التي تفتحها ونسجّل زياراتك: الصفحات والنقرات والتمرير، لنعرف أين يصعب استخدام لسان. نُخفي في هذه التسجيلات ما تكتبه ونصوصك وترجماتك، ولا نسجّل أبدًا كلمات المرور ولا حقول الدفع. يطّلع مشرفو لسان على التسجيلات تحت رقم زائر عشوائي، وتُحذف تلقائيًا بعد انتهاء مدة الاحتفاظ. وإذا رفضت، فلا نسجّل شيئًا ونحصي زيارات الصفحات دون أي معرّف.'
where setting_name = 'privacy_policy_ar'
  and setting_value = E'# إشعار الخصوصية\n\nنحفظ بيانات حسابك وسجل ترجماتك، ولا نجمع إحصاءات الاستخدام المجهولة إلا بموافقتك. لا نبيع بياناتك أبدًا، ويمكنك حذف سجلك أو حسابك كله في أي وقت.';

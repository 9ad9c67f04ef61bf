-- Admin-editable content: the fixed pages (about, careers, contact, FAQs, help) and the
-- posts of the blog and the case studies. Bodies are Markdown, rendered and sanitized
-- by the server (modules/content/markdown.fns.ts).

create table content_pages (
  id bigint generated always as identity primary key,
  section text not null check (section in ('page', 'blog', 'case-studies')),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  title_en text not null default '',
  title_ar text not null default '',
  summary_en text not null default '',
  summary_ar text not null default '',
  body_en text not null default '',
  body_ar text not null default '',
  published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (section, slug)
);
create index content_pages_published_idx on content_pages (section, published, published_at desc);

insert into content_pages (section, slug, title_en, title_ar, summary_en, summary_ar, body_en, body_ar, published, published_at) values
(
  'page', 'about', 'About Lisan', 'عن لسان',
  'The people and the mission behind Lisan.', 'الفريق والرسالة وراء لسان.',
  E'Lisan (لسان, "tongue") translates between English and Arabic: text, documents and whole websites, for individuals, start-ups and enterprises.\n\n## What we believe\n\n- **Arabic deserves first-class tools.** Right-to-left layout, Arabic typography and domain vocabulary are built in, not bolted on.\n- **Security first.** Our processes follow ISO 27001, and your files are deleted on the schedule you choose.\n- **People where it matters.** Machine translation is fast; for official documents our network of over 35,000 linguists translates, proofreads and edits.\n\nLisan is in beta. Tell us what you need through the [contact page](/contact).',
  E'لسان خدمة للترجمة بين العربية والإنجليزية: للنصوص والمستندات والمواقع الإلكترونية كاملة، للأفراد والشركات الناشئة والمؤسسات.\n\n## ما نؤمن به\n\n- **العربية تستحق أدوات من الدرجة الأولى.** الكتابة من اليمين إلى اليسار والخط العربي ومصطلحات المجالات المتخصصة جزء أصيل من الخدمة.\n- **الأمان أولًا.** تتبع إجراءاتنا معيار ISO 27001، وتُحذف ملفاتك وفق الجدول الذي تختاره.\n- **الإنسان حيث يلزم.** الترجمة الآلية سريعة، أما الوثائق الرسمية فتتولى ترجمتها وتدقيقها وتحريرها شبكتنا التي تضم أكثر من 35,000 لغوي.\n\nلسان في مرحلته التجريبية. أخبرنا بما تحتاج إليه عبر [صفحة التواصل](/contact).',
  true, now()
),
(
  'page', 'careers', 'Careers', 'الوظائف',
  'Join the team that builds Lisan.', 'انضم إلى الفريق الذي يبني لسان.',
  E'We are a small team of engineers, linguists and designers who care about Arabic on the web.\n\n## Open positions\n\nWe have no open positions at the moment. If you would like to work with us, write to us through the [contact page](/contact) and tell us about your work.\n\n## Linguists\n\nProfessional translators, proofreaders and editors working between English and Arabic are always welcome in our network.',
  E'نحن فريق صغير من المهندسين واللغويين والمصممين يهتم بحضور العربية على الويب.\n\n## الوظائف المتاحة\n\nلا توجد وظائف شاغرة حاليًا. إن رغبت في العمل معنا فراسلنا عبر [صفحة التواصل](/contact) وحدّثنا عن أعمالك.\n\n## اللغويون\n\nنرحب دائمًا بانضمام المترجمين والمدققين والمحررين المحترفين بين العربية والإنجليزية إلى شبكتنا.',
  true, now()
),
(
  'page', 'contact', 'Contact us', 'تواصل معنا',
  'Questions, enterprise quotations and orders for human translation.', 'الأسئلة وطلبات عروض الأسعار للمؤسسات وطلبات الترجمة البشرية.',
  E'We answer every message within two working days.\n\nTo order professional human translation, proofreading or editing, or to ask for an enterprise quotation, use the [request form](/human-translation): it lets you attach your document.',
  E'نرد على كل رسالة خلال يومي عمل.\n\nلطلب ترجمة بشرية احترافية أو تدقيق أو تحرير، أو لطلب عرض سعر للمؤسسات، استخدم [نموذج الطلب](/human-translation)، إذ يتيح لك إرفاق مستندك.',
  true, now()
),
(
  'page', 'faqs', 'Frequently asked questions', 'الأسئلة الشائعة',
  'Quick answers about plans, documents and security.', 'إجابات سريعة عن الخطط والمستندات والأمان.',
  E'## Can I use Lisan for official documents?\n\nLisan is in beta and machine translation can be wrong. For official documents, [order a professional human translation](/human-translation).\n\n## Which file formats can I translate?\n\nDOCX, XLSX, PPTX and XLIFF keep their formatting. A PDF is translated and returned as a DOCX file. The formats open to you depend on your plan.\n\n## Is there a free trial?\n\nYes: 7 days with every feature, no card needed. We remind you 3 days before it ends.\n\n## Who can read my texts?\n\nOnly you (and, on a team plan, your account manager). Your history is deleted automatically on the schedule you choose.',
  E'## هل يمكنني استخدام لسان للوثائق الرسمية؟\n\nلسان في مرحلته التجريبية، وقد تخطئ الترجمة الآلية. للوثائق الرسمية [اطلب ترجمة بشرية احترافية](/human-translation).\n\n## ما صيغ الملفات التي يمكنني ترجمتها؟\n\nتحتفظ ملفات DOCX وXLSX وPPTX وXLIFF بتنسيقها. ويُترجم ملف PDF ويُعاد بصيغة DOCX. وتتوقف الصيغ المتاحة لك على خطتك.\n\n## هل توجد تجربة مجانية؟\n\nنعم: 7 أيام بكل الميزات دون الحاجة إلى بطاقة، ونذكّرك قبل انتهائها بثلاثة أيام.\n\n## من يستطيع قراءة نصوصي؟\n\nأنت وحدك (ومدير حسابك في خطط الفرق). ويُحذف سجلك تلقائيًا وفق الجدول الذي تختاره.',
  true, now()
),
(
  'page', 'help', 'Help centre', 'مركز المساعدة',
  'Guides and answers for every Lisan feature.', 'أدلة وإجابات لكل ميزات لسان.',
  E'## Translate text\n\nPaste or type your text, choose the languages and the domain (General, Business, Legal or E-Commerce), and Lisan translates it at once.\n\n## Translate documents\n\nUpload a file from your dashboard. We e-mail you when it is ready, and it appears in your translation history.\n\n## Translate websites\n\nEnter the address of a whole website or a single page, choose the pages, and download the translations.\n\n## Still stuck?\n\nSee the [frequently asked questions](/faqs) or [write to us](/contact).',
  E'## ترجمة النصوص\n\nالصق نصك أو اكتبه، واختر اللغتين والمجال (عام أو أعمال أو قانوني أو تجارة إلكترونية)، وسيترجمه لسان فورًا.\n\n## ترجمة المستندات\n\nارفع ملفك من لوحة التحكم، وسنرسل إليك رسالة بريدية حين يصبح جاهزًا، وستجده في سجل ترجماتك.\n\n## ترجمة المواقع الإلكترونية\n\nأدخل عنوان موقع كامل أو صفحة واحدة، واختر الصفحات، ثم نزّل الترجمات.\n\n## هل ما زلت بحاجة إلى مساعدة؟\n\nاطّلع على [الأسئلة الشائعة](/faqs) أو [راسلنا](/contact).',
  true, now()
);

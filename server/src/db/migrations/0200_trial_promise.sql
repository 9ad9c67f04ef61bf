-- Issue 14 item 10: the trial promised "every feature", but the LLM mode is not part of it. The seeded wording now promises what the trial gives; an admin's own
-- text stays.
update plans set description_en = 'Try Lisan free for a week: texts, documents and websites.'
where slug = 'free-trial' and description_en = 'Try every feature for a week.';

update plans set description_ar = 'جرّب لسان مجانًا لمدة أسبوع: النصوص والمستندات والمواقع.'
where slug = 'free-trial' and description_ar = 'جرّب كل الميزات لمدة أسبوع.';

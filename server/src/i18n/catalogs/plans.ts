/** Messages of the admin plan screens and routes. */
export const plans = {
  en: {
    'plans.slug_taken': 'Another plan already uses this slug.',
    'plans.created': 'Plan created.',
    'plans.updated': 'updated successfully',
    'plans.deleted': 'Plan deleted.',
    'plans.archived': 'The plan is in use, so it was archived: its subscribers keep it until their renewal.',
    'plans.features_invalid': 'Features must be a list of texts.',
    // A feature the plan lacks: the spec's sentence, then which plans have it.
    'entitlements.plan_feature_in': 'Please upgrade your plan to use this feature. It is part of the :plans.',
  },
  ar: {
    'plans.slug_taken': 'هناك باقة أخرى تستخدم هذا المعرّف.',
    'plans.created': 'أُنشئت الباقة.',
    'plans.updated': 'تم التحديث بنجاح',
    'plans.deleted': 'حُذفت الباقة.',
    'plans.archived': 'الباقة مستخدمة، لذا أُرشفت: يحتفظ بها مشتركوها حتى موعد تجديدهم.',
    'plans.features_invalid': 'يجب أن تكون الميزات قائمة من النصوص.',
    'entitlements.plan_feature_in': 'يُرجى ترقية باقتك لاستخدام هذه الميزة. وهي متاحة في :plans.',
  },
} as const;

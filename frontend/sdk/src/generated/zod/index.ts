// Written by scripts/write-index.mjs after `npm run generate`. Do not edit manually.
export * from './accounts/accounts.zod';
export * from './admin/admin.zod';
export * from './categories/categories.zod';
export * from './comments/comments.zod';
export * from './help/help.zod';
export * from './review/review.zod';
export * from './schedules/schedules.zod';
export * from './scripture/scripture.zod';
export * from './site/site.zod';
export * from './stories/stories.zod';
export * from './subscriptions/subscriptions.zod';
export * from './uploads/uploads.zod';

// Written by scripts/write-index.mjs after `npm run generate`. Do not edit manually.
export * from './model';
export * from './endpoints/accounts/accounts';
export * from './endpoints/admin/admin';
export * from './endpoints/categories/categories';
export * from './endpoints/comments/comments';
export * from './endpoints/help/help';
export * from './endpoints/review/review';
export * from './endpoints/schedules/schedules';
export * from './endpoints/site/site';
export * from './endpoints/stories/stories';
export * from './endpoints/uploads/uploads';

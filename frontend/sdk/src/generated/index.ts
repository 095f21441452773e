// Written by scripts/write-index.mjs after `npm run generate`. Do not edit manually.
export * from './model';
export * from './client/accounts/accounts';
export * from './client/admin/admin';
export * from './client/categories/categories';
export * from './client/comments/comments';
export * from './client/help/help';
export * from './client/review/review';
export * from './client/schedules/schedules';
export * from './client/scripture/scripture';
export * from './client/site/site';
export * from './client/stories/stories';
export * from './client/subscriptions/subscriptions';
export * from './client/uploads/uploads';

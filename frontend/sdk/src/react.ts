//! `@grace-stories/sdk/react`: everything of `@grace-stories/sdk` plus the @tanstack/react-query
//! hooks, query keys and query options of every operation.
export * from './index';
export * from './generated/react';

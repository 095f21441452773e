//! `@grace-stories/sdk`: the fetcher (configuration, errors), the framework-free fetch function of
//! every operation, the model types and the zod schemas. Nothing here imports React.
export * from './fetcher';
export * from './generated';
export * as schemas from './generated/zod';

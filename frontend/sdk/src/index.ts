//! Public surface of @grace-stories/sdk: the fetcher (configuration, errors) and the generated client.
export * from './fetcher';
export * from './generated';
export * as schemas from './generated/zod';

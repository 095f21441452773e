//! docs/product.md#roles: who may approve and who may delete comments, by the abilities the server gives the
//! signed-in person (so an unapproved primary contributor sees no approve controls).
import type { User } from '@/hooks/use-auth';

export function canApproveComments(user: User | null | undefined): boolean {
  return user?.abilities.includes('moderate_comments') ?? false;
}

export function canDeleteComments(user: User | null | undefined): boolean {
  return user?.abilities.includes('delete_comments') ?? false;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useUpdateProfile, type UpdateProfileRequest } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useForm, type Path } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { authQueryKey, type User } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { httpStatus, serverMessage, showMutationError } from '@/lib/api-errors';
import { formatDate } from '@/lib/format';
import { DeleteAccountCard, DownloadDataCard } from './account-data';
import { profileSchema, type ProfileValues } from './account-schemas';
import { EmailVerifiedBadge, ResendVerificationButton } from './email-verification';

const LABEL_CLASS = 'text-sm leading-none font-medium';
const READ_ONLY_CLASS = 'min-h-10 rounded-md border bg-muted/50 px-3 py-2 text-sm [overflow-wrap:anywhere]';

const FIELDS: readonly Path<ProfileValues>[] = ['firstName', 'lastName', 'username', 'profileImageUrl'];

function valuesOf(user: User): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  };
}

/** The member's own account: the editable profile, the e-mail and its verification, their data, leaving. */
export function ProfileSettings({ user }: { user: User }) {
  return (
    <div className="grid gap-6">
      {/* Keyed by the saved version, so the form starts again from what the server holds. */}
      <ProfileForm key={user.updatedAt} user={user} />
      <DownloadDataCard />
      <DeleteAccountCard user={user} />
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: valuesOf(user) });
  const update = useUpdateProfile({
    mutation: {
      onSuccess: (saved) => {
        queryClient.setQueryData(authQueryKey, saved);
        toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
      },
      onError: (error) => {
        // A 409 is the username someone else has; a 400's field errors go under their fields.
        if (httpStatus(error) === 409) {
          form.setError('username', { type: 'server', message: serverMessage(error) ?? error.message });
        }
        showMutationError(error, {
          title: 'Failed to update profile',
          form: { setError: form.setError, fields: FIELDS },
        });
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    if (!values.username && user.username) {
      form.setError('username', { message: 'Username is required' });
      return;
    }
    // Only what changed is sent; a blank image address clears the picture.
    const saved = valuesOf(user);
    const data: UpdateProfileRequest = {};
    if (values.firstName !== saved.firstName) data.firstName = values.firstName;
    if (values.lastName !== saved.lastName) data.lastName = values.lastName;
    if (values.username !== saved.username) data.username = values.username;
    if (values.profileImageUrl !== saved.profileImageUrl) data.profileImageUrl = values.profileImageUrl || null;
    if (Object.keys(data).length === 0) {
      toast({ title: 'Nothing to save', description: 'Your profile already has these details.' });
      return;
    }
    update.mutate({ data });
  });

  const text = (name: Path<ProfileValues>, label: string, autoComplete: string, description?: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input autoComplete={autoComplete} {...field} />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Settings</CardTitle>
        <CardDescription>Your name and picture appear with your stories.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <div className="flex min-h-6 flex-wrap items-center gap-2">
              <span id="profile-email-label" className={LABEL_CLASS}>
                Email
              </span>
              <EmailVerifiedBadge verified={user.emailVerified} />
            </div>
            {/* Text rather than an input, so a long address wraps instead of being cut. */}
            <p id="profile-email" aria-labelledby="profile-email-label" className={READ_ONLY_CLASS}>
              {user.email}
            </p>
            {!user.emailVerified && (
              <div className="grid justify-items-start gap-2">
                <p className="text-xs text-muted-foreground">
                  We sent a link to this address when you signed up. Open it to verify the address.
                </p>
                <ResendVerificationButton />
              </div>
            )}
          </div>
          <div className="grid content-start gap-2">
            <div className="flex min-h-6 items-center">
              <span id="profile-member-since-label" className={LABEL_CLASS}>
                Member Since
              </span>
            </div>
            <p aria-labelledby="profile-member-since-label" className={READ_ONLY_CLASS}>
              {formatDate(user.createdAt) ?? 'Unknown'}
            </p>
          </div>
        </div>

        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={submit} aria-label="Edit profile">
            <div className="grid gap-4 sm:grid-cols-2">
              {text('firstName', 'First Name', 'given-name')}
              {text('lastName', 'Last Name', 'family-name')}
            </div>
            {text('username', 'Username', 'username')}
            {text(
              'profileImageUrl',
              'Profile Image URL',
              'photo',
              'An https:// address of a picture; leave it empty for initials.',
            )}
            <Button type="submit" className="justify-self-start" disabled={update.isPending}>
              <Save aria-hidden="true" />
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

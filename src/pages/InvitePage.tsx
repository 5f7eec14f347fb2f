// /invite/:code: where an invite link lands. Signed in: the team's name, who invites and the role, and 'Join team'.
// A guest: the same team, inviter and role (issue 51 §7: before they sign up) and what joining shares, then sign in or
// register; the code waits in this tab (src/lib/pendingInvite.ts) and the
// sign-in page brings them back here. A wrong, revoked, expired or used-up link is said plainly (the server's words), and so
// is a refusal to someone an admin removed from the team (issue 47).
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { GuestCard } from '../components/GuestCard';
import { Spinner } from '../components/Spinner';
import { roleLabel } from '../components/team/teamWords';
import { useAuth } from '../hooks/useAuth';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { errorMessage, httpStatus } from '../lib/errors';
import { holdInvite, releaseInvite } from '../lib/pendingInvite';
import { trpc } from '../lib/trpc';

/** What a link that cannot be used says: the server names revoked, expired and used up; a wrong code is not found. */
function refusal(error: unknown): string {
  if (httpStatus(error) === 404) return t('This invite link does not exist. Check that it was copied whole, or ask for a new one.');
  return errorMessage(error, t('This invite link could not be opened. Please try again.'));
}

function SignedInInvite({ code }: { code: string }) {
  const invite = trpc.inviteLinks.show.useQuery({ code }, { retry: false });
  const accept = trpc.inviteLinks.accept.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { toast } = useToast();

  useEffect(releaseInvite, []);

  if (invite.isPending) return <Spinner />;
  if (invite.isError)
    return (
      <>
        <p className="text-center" role="alert" data-testid="invite-refused">
          {refusal(invite.error)}
        </p>
        <Link to="/" className="btn btn-outline">
          {t('Go to the dashboard')}
        </Link>
      </>
    );

  const { teamName, inviterFirstName, role } = invite.data;
  async function join() {
    try {
      const team = await accept.mutateAsync({ code });
      await utils.teams.list.invalidate();
      toast({ title: t('You joined {team}', { team: team.name }), variant: 'success' });
      void navigate(`/settings/teams/${team.id}`, { replace: true });
    } catch (error) {
      toast({ title: t('Error'), description: refusal(error), variant: 'destructive' });
    }
  }
  return (
    <>
      <div className="text-center">
        <p dir="auto" className="text-xl font-semibold" data-testid="invite-team">
          {teamName}
        </p>
        <p className="mt-1 text-base-content/80">{t('{name} invites you to join as {role}.', { name: inviterFirstName, role: roleLabel(role) })}</p>
      </div>
      <WhatJoiningShares role={role} />
      <button type="button" className="btn btn-primary" disabled={accept.isPending} onClick={() => void join()}>
        {accept.isPending ? t('Joining...') : t('Join team')}
      </button>
      <Link to="/" className="btn btn-ghost">
        {t('Not now')}
      </Link>
    </>
  );
}

/** What joining shares (issue 51 §7), said before anyone signs up: what they will see, and that their own stays theirs. */
function WhatJoiningShares({ role }: { role: 'member' | 'viewer' }) {
  return (
    <p className="rounded-box bg-base-200/60 px-4 py-3 text-sm" data-testid="invite-shares">
      {role === 'viewer'
        ? t('You will see the team’s contacts, activities and prayer requests, without changing them; your personal contacts stay yours.')
        : t('You will see the team’s contacts, activities and prayer requests and add to them; your personal contacts stay yours.')}
    </p>
  );
}

/** Who invites the guest to which team, from the link alone (inviteLinks.preview); a dead or wrong link says so. */
function GuestPreview({ code }: { code: string }) {
  const preview = trpc.inviteLinks.preview.useQuery({ code }, { retry: false });
  if (preview.isPending) return <Spinner />;
  if (preview.isError)
    return (
      <p className="text-center" role="alert" data-testid="invite-refused">
        {refusal(preview.error)}
      </p>
    );
  const { teamName, inviterFirstName, role } = preview.data;
  return (
    <>
      <div className="text-center">
        <p dir="auto" className="text-xl font-semibold" data-testid="invite-team">
          {teamName}
        </p>
        <p className="mt-1 text-base-content/80" data-testid="invite-from">
          {t('{name} invites you to join as {role}.', { name: inviterFirstName, role: roleLabel(role) })}
        </p>
      </div>
      <WhatJoiningShares role={role} />
    </>
  );
}

function GuestInvite({ code }: { code: string }) {
  // Held from the first look: whichever way the guest reaches the sign-in page, they come back here.
  useEffect(() => holdInvite(code), [code]);
  return (
    <>
      <GuestPreview code={code} />
      <p className="text-center text-base-content/80">{t('Sign in, or create an account, to see the invitation and join the team.')}</p>
      <Link to="/login" className="btn btn-primary">
        {t('Sign in')}
      </Link>
      <Link to="/login?mode=register" className="btn btn-outline">
        {t('Create an account')}
      </Link>
    </>
  );
}

export default function InvitePage() {
  useDocumentTitle(t('Join a team'));
  const code = useParams().code ?? '';
  const { status } = useAuth();
  return (
    <GuestCard headingId="invite-heading" heading={t('You are invited to a team')}>
      {status === 'loading' ? <Spinner /> : status === 'authenticated' ? <SignedInInvite code={code} /> : <GuestInvite code={code} />}
    </GuestCard>
  );
}

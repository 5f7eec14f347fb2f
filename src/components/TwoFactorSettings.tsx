// Settings → Two-factor sign-in (issue 33): turned on with the password, a QR code for the authenticator app (or, on the
// phone that holds the app, its key copied or an otpauth link opening it) and a code from it, then ten recovery codes
// shown once, to copy or download; turned off with the password and a code.
import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { z, type ZodType } from 'zod';
import { useAuth } from '../hooks/useAuth';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { saveFile } from '../lib/saveFile';
import { trpc } from '../lib/trpc';
import { FieldGroup, SubmitButton } from '../forms/Fields';
import { CurrentPasswordField } from '../forms/PasswordFields';
import { TextField } from '../forms/TextField';
import { useFormState } from '../forms/useFormState';
import { QrCode } from './QrCode';
import { Spinner } from './Spinner';
import { codeOrRecoveryCode, currentPasswordField } from '../../shared/schemas/account';
import { totpCodeSchema } from '../../shared/schemas/auth';

// The server's own rules (shared/schemas): a form says what the server would.
const setupSchema = z.object({ password: currentPasswordField });
const enableSchema = z.object({ code: totpCodeSchema });
const disableSchema = z.object({ password: currentPasswordField, code: codeOrRecoveryCode });

/** A step's form: its values and errors, and a submit that checks `schema`, runs `action` and says when it failed. */
function useStepForm<V extends Record<string, string>, T>(initial: V, schema: ZodType<T>, failure: string, action: (input: T) => Promise<void>) {
  const failed = useFailureToast();
  const form = useFormState(initial);
  const onSubmit = form.submit(
    schema,
    (v) => v,
    async (input) => {
      try {
        await action(input);
      } catch (error) {
        failed(error, failure);
        throw error;
      }
    },
  );
  return { ...form, onSubmit };
}

/** The first field of a form that has just appeared takes the focus: the person asked for it by pressing a button. */
function useFocusFirstField() {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.querySelector('input')?.focus(), []);
  return ref;
}

/**
 * Copies a text and says so in a status line; without a clipboard (an insecure origin, a refused permission) the text
 * shown is selected, for the person to copy by hand.
 */
function useCopy() {
  const [said, setSaid] = useState<{ copied: boolean; text: string } | null>(null);
  async function copy(text: string, shown: HTMLElement | null) {
    try {
      await navigator.clipboard.writeText(text);
      setSaid({ copied: true, text: t('Copied to the clipboard.') });
    } catch {
      if (shown) window.getSelection()?.selectAllChildren(shown);
      setSaid({ copied: false, text: t('Could not copy. The text is selected: copy it by hand.') });
    }
  }
  const status = (
    <p role="status" className={`min-h-5 text-sm ${said?.copied ? 'text-success' : ''}`}>
      {said?.text}
    </p>
  );
  return { copy, status };
}

type Stage = { step: 'idle' } | { step: 'password' } | { step: 'scan'; secret: string; otpauthUrl: string } | { step: 'codes'; codes: string[] };

export function TwoFactorSettings() {
  const status = trpc.account.twoFactor.status.useQuery();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.account.twoFactor.status.invalidate();
    void utils.account.securityLog.invalidate();
  };

  if (stage.step === 'codes') return <RecoveryCodes codes={stage.codes} onDone={() => setStage({ step: 'idle' })} />;
  if (!status.data) return status.isError ? <p className="text-sm text-error">{t('We could not load these settings.')}</p> : <Spinner />;
  if (status.data.enabled) return <TurnOff left={status.data.recoveryCodesLeft} onOff={refresh} />;
  if (stage.step === 'password') return <AskPassword onSetup={(secret, otpauthUrl) => setStage({ step: 'scan', secret, otpauthUrl })} />;
  if (stage.step === 'scan')
    return (
      <Scan
        secret={stage.secret}
        otpauthUrl={stage.otpauthUrl}
        onEnabled={(codes) => {
          setStage({ step: 'codes', codes });
          refresh();
        }}
      />
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm">{t('Off. Sign-in asks for your password only.')}</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setStage({ step: 'password' })}>
        {t('Turn on two-factor sign-in')}
      </button>
    </div>
  );
}

function AskPassword({ onSetup }: { onSetup(secret: string, otpauthUrl: string): void }) {
  const setup = trpc.account.twoFactor.setup.useMutation();
  const formRef = useFocusFirstField();
  const { field, onSubmit } = useStepForm(
    { password: '' },
    setupSchema,
    t('Could not start setting up two-factor sign-in. Please try again.'),
    async (input) => {
      const { secret, otpauthUrl } = await setup.mutateAsync(input);
      onSetup(secret, otpauthUrl);
    },
  );
  return (
    <form method="post" noValidate onSubmit={onSubmit} ref={formRef}>
      <FieldGroup>
        <CurrentPasswordField {...field('password')} />
      </FieldGroup>
      <SubmitButton busy={setup.isPending} label={t('Continue')} busyLabel={t('Checking...')} />
    </form>
  );
}

function Scan({ secret, otpauthUrl, onEnabled }: { secret: string; otpauthUrl: string; onEnabled(codes: string[]): void }) {
  const enable = trpc.account.twoFactor.enable.useMutation();
  const { values, set, errors, onSubmit } = useStepForm(
    { code: '' },
    enableSchema,
    t('Could not turn two-factor sign-in on. Please try again.'),
    async (input) => onEnabled((await enable.mutateAsync(input)).recoveryCodes),
  );
  const keyRef = useRef<HTMLParagraphElement>(null);
  const { copy, status } = useCopy();
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm">{t('Scan this code with your authenticator app, or type the key into it. Then enter the 6-digit code it shows.')}</p>
      <div className="flex flex-wrap items-center gap-4">
        <QrCode text={otpauthUrl} label={t('QR code for your authenticator app')} className="size-48 shrink-0 rounded-field" />
        <div className="flex min-w-0 flex-col gap-2">
          <div>
            <p className="text-xs text-base-content/70">{t('Key')}</p>
            {/* In groups of four that never break: a narrow screen wraps the key between groups only. Read left to right,
                on the page's side. */}
            <p className="font-mono text-sm rtl:text-right" data-testid="totp-secret" dir="ltr" ref={keyRef}>
              {secret.match(/.{1,4}/g)?.map((group, index) => (
                <Fragment key={index}>
                  {index > 0 && ' '}
                  <span className="whitespace-nowrap">{group}</span>
                </Fragment>
              ))}
            </p>
          </div>
          {/* The phone that holds the authenticator app cannot scan its own screen: the key goes over, or the link opens the app. */}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy(secret, keyRef.current)}>
              {t('Copy key')}
            </button>
            <a href={otpauthUrl} className="btn btn-outline btn-sm">
              {t('Open in authenticator app')}
            </a>
          </div>
          {status}
        </div>
      </div>
      <TextField
        name="code"
        label={t('Authentication code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        value={values.code}
        error={errors.code}
        onChange={(e) => set('code', e.target.value)}
      />
      <SubmitButton busy={enable.isPending} label={t('Turn on')} busyLabel={t('Checking...')} />
    </form>
  );
}

const RECOVERY_CODES_FILE = 'sower-recovery-codes.txt';

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const username = useAuth().user?.username ?? '';
  const listRef = useRef<HTMLOListElement>(null);
  const { copy, status } = useCopy();
  // What the codes are, above them: a file found later in Downloads says whose they are and what they do.
  const download = () => {
    const about = t('Sower recovery codes for {username}. Each signs you in once, in place of a code from your authenticator app.', { username });
    saveFile(new Blob([`${about}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE);
  };
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="alert alert-soft alert-success text-sm">
        {t('Two-factor sign-in is on. Save these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.')}
      </div>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label={t('Recovery codes')} dir="ltr" ref={listRef}>
        {codes.map((code) => (
          <li key={code} className="rounded-field bg-base-200 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy(codes.join('\n'), listRef.current)}>
            {t('Copy codes')}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={download}>
            {t('Download codes')}
          </button>
        </div>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {t('I have saved them')}
        </button>
      </div>
      {status}
    </div>
  );
}

function TurnOff({ left, onOff }: { left: number; onOff(): void }) {
  const [asking, setAsking] = useState(false);
  const disable = trpc.account.twoFactor.disable.useMutation();
  const { toast } = useToast();
  const { field, onSubmit } = useStepForm(
    { password: '', code: '' },
    disableSchema,
    t('Could not turn two-factor sign-in off. Please try again.'),
    async (input) => {
      await disable.mutateAsync(input);
      toast({ title: t('Two-factor sign-in turned off'), variant: 'success' });
      onOff();
    },
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          {t('On. Sign-in asks for a code from your authenticator app.')}{' '}
          {t('{count, plural, one {# recovery code left.} other {# recovery codes left.}}', { count: left })}
        </p>
        {!asking && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setAsking(true)}>
            {t('Turn off')}
          </button>
        )}
      </div>
      {asking && (
        <TurnOffForm onSubmit={onSubmit}>
          <FieldGroup>
            <CurrentPasswordField {...field('password')} />
            <TextField label={t('Code from your app, or a recovery code')} autoComplete="one-time-code" {...field('code')} />
          </FieldGroup>
          <SubmitButton busy={disable.isPending} label={t('Turn off two-factor sign-in')} busyLabel={t('Checking...')} />
        </TurnOffForm>
      )}
    </div>
  );
}

function TurnOffForm({ onSubmit, children }: { onSubmit(event: FormEvent<HTMLFormElement>): void; children: ReactNode }) {
  const formRef = useFocusFirstField();
  return (
    <form method="post" noValidate onSubmit={onSubmit} ref={formRef}>
      {children}
    </form>
  );
}

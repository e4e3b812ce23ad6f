import type { MessageVersions } from '../chat-item';
import { StrokeIcon } from '../../../components/stroke-icon';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { MessageActionButton } from './message-action-button';
import styles from './version-switcher.module.css';

export const versionTexts = {
  group: 'Versions',
  previous: 'Previous version',
  next: 'Next version',
  version: 'Version',
} as const;

type VersionSwitcherProps = {
  versions: MessageVersions;
  disabled: boolean;
  /** Shows another version; `from` names the button used, to give it the focus back once the version is shown. */
  onShow: (version: number, from: string) => void;
};

/** '2 / 2' between the arrows that switch the versions of the chat's last exchange (Regenerate, Edit message). */
export function VersionSwitcher({ versions, disabled, onShow }: VersionSwitcherProps) {
  const { chosen, count } = versions;
  return (
    <div className={styles.versions} role="group" aria-label={versionTexts.group} data-version-switcher="">
      <MessageActionButton
        aria-label={versionTexts.previous}
        disabled={disabled || chosen <= 1}
        onClick={() => onShow(chosen - 1, versionTexts.previous)}
      >
        <StrokeIcon size={14}>
          <polyline points="15 18 9 12 15 6" />
        </StrokeIcon>
      </MessageActionButton>
      <span className={styles.count}>
        <VisuallyHidden>{versionTexts.version} </VisuallyHidden>
        {chosen} / {count}
      </span>
      <MessageActionButton
        aria-label={versionTexts.next}
        disabled={disabled || chosen >= count}
        onClick={() => onShow(chosen + 1, versionTexts.next)}
      >
        <StrokeIcon size={14}>
          <polyline points="9 18 15 12 9 6" />
        </StrokeIcon>
      </MessageActionButton>
    </div>
  );
}

import type { Direction } from '@hondana/domain/catalog/catalog';
import type { FooterControls } from '@hondana/domain/viewer/controls';
import { pageOfSliderValue, sliderValueOfPage } from '@hondana/domain/viewer/navigation';
import { useTranslation } from '../../../i18n/i18n';
import styles from './viewer.module.css';
import '../../../i18n/ja-viewer';

type FooterPopup = 'settings' | 'bookmarks';

type ViewerFooterProps = {
  visible: boolean;
  controls: FooterControls;
  direction: Direction;
  index: number;
  total: number;
  vertical: boolean;
  inMyList: boolean;
  onSlide: (index: number) => void;
  onBookmark: () => void;
  onMyList: () => void;
  onBack: () => void;
  onDirection: () => void;
  onOpen: (popup: FooterPopup) => void;
  onUse: () => void;
};

/**
 * §2 footer: page slider (steps of 1 over 0…total−1, mirrored for right-to-left books), my list,
 * bookmark add/remove and list, back, direction toggle, settings; visibility by §5 rules.
 */
export function ViewerFooter(props: ViewerFooterProps) {
  const { t } = useTranslation();
  const { visible, controls, direction, index, total, vertical } = props;
  const tab = visible ? undefined : -1;
  const last = Math.max(0, total - 1);
  return (
    <footer
      className={`${styles.bar} ${styles.footer} ${visible ? '' : styles.hidden}`}
      aria-hidden={!visible}
      data-viewer-bar
      onPointerDown={props.onUse}
    >
      <div className={styles.sliderRow}>
        <span aria-hidden="true">{direction === 'rtl' ? total : 1}</span>
        <input
          type="range"
          className={styles.slider}
          aria-label={t('viewer.slider')}
          aria-valuetext={t('viewer.page', { page: index + 1 })}
          min={0}
          max={last}
          step={1}
          value={sliderValueOfPage(index, total, direction)}
          disabled={total <= 1}
          tabIndex={tab}
          data-testid="page-slider"
          onChange={(e) => props.onSlide(pageOfSliderValue(Number(e.currentTarget.value), total, direction))}
        />
        <span aria-hidden="true">{direction === 'rtl' ? 1 : total}</span>
      </div>
      <div className={styles.controls}>
        {controls.myList && (
          <button type="button" className={styles.button} aria-pressed={props.inMyList} onClick={props.onMyList} tabIndex={tab}>
            {props.inMyList ? t('viewer.myListRemove') : t('viewer.myListAdd')}
          </button>
        )}
        {controls.bookmarks && (
          <>
            <button type="button" className={styles.button} onClick={props.onBookmark} tabIndex={tab}>
              {controls.bookmarkRemoves ? t('viewer.bookmarkRemove') : t('viewer.bookmarkAdd')}
            </button>
            <button type="button" className={styles.button} onClick={() => props.onOpen('bookmarks')} tabIndex={tab}>
              {t('viewer.bookmarks')}
            </button>
          </>
        )}
        <button type="button" className={styles.button} onClick={props.onBack} disabled={!controls.backEnabled} tabIndex={tab}>
          {t('viewer.back')}
        </button>
        {controls.directionToggle && (
          <button
            type="button"
            className={styles.button}
            aria-label={t('viewer.directionToggle')}
            onClick={props.onDirection}
            tabIndex={tab}
            data-testid="direction-toggle"
          >
            {vertical ? t('viewer.horizontal') : t('viewer.vertical')}
          </button>
        )}
        <button type="button" className={styles.button} onClick={() => props.onOpen('settings')} tabIndex={tab}>
          {t('viewer.settings')}
        </button>
      </div>
    </footer>
  );
}

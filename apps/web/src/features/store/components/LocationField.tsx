import { googleMapsUrl, type MapTiles, wazeUrl } from '@sm/contract';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import { Component, type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Field, FieldError } from '../../../lib/ui/Field';
import { Notice } from '../../../lib/ui/Notice';
import { formatDegrees, locationOf } from '../form';
import { LocationMapFacade } from './MapFacade';
import styles from './store.module.css';

/** The map failed (Leaflet's code threw): the coordinates still work. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type GeoProblem = 'locationDenied' | 'locationUnavailable';

/**
 * The store's location: picked on the map, taken from the device, or typed; with links that open
 * it in Waze and Google Maps. Coordinates stay text as typed, so nothing is lost to a bad one.
 */
export function LocationField({
  tiles,
  latitude,
  longitude,
  errors,
  onChange,
}: {
  tiles: MapTiles;
  latitude: string;
  longitude: string;
  errors: { latitude?: string | undefined; longitude?: string | undefined };
  onChange: (latitude: string, longitude: string) => void;
}) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<GeoProblem | null>(null);
  const location = locationOf({ latitude, longitude });

  const pick = (lat: number, lng: number) => {
    setProblem(null);
    onChange(formatDegrees(lat), formatDegrees(lng));
  };

  const locate = () => {
    setProblem(null);
    // Browsers give no location outside HTTPS (a phone on the LAN): unavailable, as for no GPS.
    if (!('geolocation' in navigator) || !window.isSecureContext) {
      setProblem('locationUnavailable');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        pick(position.coords.latitude, position.coords.longitude);
      },
      (failure) => {
        setLocating(false);
        setProblem(
          failure.code === failure.PERMISSION_DENIED ? 'locationDenied' : 'locationUnavailable',
        );
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <Field
      id="store-location"
      label={t('store.location')}
      hint={t('store.locationHint')}
      group
      bare
    >
      <div className={styles.location}>
        <MapBoundary fallback={<Notice tone="warning">{t('store.mapLoadFailed')}</Notice>}>
          <LocationMapFacade
            tiles={tiles}
            location={location}
            onPick={pick}
            label={t('store.map')}
            texts={{
              zoomIn: t('store.zoomIn'),
              zoomOut: t('store.zoomOut'),
              tilesFailed: t('store.mapTilesFailed'),
            }}
          />
        </MapBoundary>
        <div className={styles.coordinates}>
          <div className={styles.coordinate}>
            <label htmlFor="store-latitude">{t('store.latitude')}</label>
            <div
              className={errors.latitude ? `${styles.inputBox} ${styles.invalid}` : styles.inputBox}
            >
              <Input
                id="store-latitude"
                value={latitude}
                inputMode="decimal"
                maxLength={20}
                onChange={(value) => onChange(value, longitude)}
              />
            </div>
            <FieldError>{errors.latitude}</FieldError>
          </div>
          <div className={styles.coordinate}>
            <label htmlFor="store-longitude">{t('store.longitude')}</label>
            <div
              className={
                errors.longitude ? `${styles.inputBox} ${styles.invalid}` : styles.inputBox
              }
            >
              <Input
                id="store-longitude"
                value={longitude}
                inputMode="decimal"
                maxLength={20}
                onChange={(value) => onChange(latitude, value)}
              />
            </div>
            <FieldError>{errors.longitude}</FieldError>
          </div>
        </div>
        <div className={styles.buttons}>
          <Button size="small" color="primary" fill="outline" loading={locating} onClick={locate}>
            <EnvironmentOutline aria-hidden="true" />{' '}
            {locating ? t('store.locating') : t('store.useMyLocation')}
          </Button>
          {latitude || longitude ? (
            <Button size="small" fill="none" onClick={() => onChange('', '')}>
              {t('store.clearLocation')}
            </Button>
          ) : null}
        </div>
        {problem ? (
          <Notice tone="warning" role="note">
            {t(`store.${problem}`)}
          </Notice>
        ) : null}
        {location ? (
          <div className={styles.buttons}>
            <a
              className={styles.external}
              href={wazeUrl(location.latitude, location.longitude)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('store.openInWaze')}
            </a>
            <a
              className={styles.external}
              href={googleMapsUrl(location.latitude, location.longitude)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('store.openInGoogleMaps')}
            </a>
          </div>
        ) : null}
      </div>
    </Field>
  );
}

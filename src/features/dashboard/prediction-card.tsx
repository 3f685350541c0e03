import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { predictionImageQueryOptions } from '../../api/queries/analytics';
import { Spinner } from '../../ui/spinner';
import * as styles from './dashboard.css';

/** An object URL for the blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

interface PredictionCardProps {
  bridgeName: string;
  anomalies: number;
}

/** Spec §2: the prediction chart drawn by the server, and 'Anomalies Detected: N'. */
export function PredictionCard({ bridgeName, anomalies }: PredictionCardProps) {
  const api = useApi();
  const image = useQuery(predictionImageQueryOptions(api, bridgeName));
  const url = useObjectUrl(image.data);

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="prediction-title">
      <h2 id="prediction-title" className={styles.cardTitle}>
        Prediction
      </h2>
      <p className={styles.big}>Anomalies Detected: {anomalies}</p>
      {image.isPending && <Spinner label="Loading the prediction chart" />}
      {image.isError && <p className={styles.muted}>The prediction chart could not be loaded.</p>}
      {image.isSuccess && image.data === null && (
        <p className={styles.muted}>No prediction chart yet: the bridge has not been assessed.</p>
      )}
      {url && (
        <img
          className={styles.predictionImage}
          src={url}
          alt={`Prediction chart for ${bridgeName}: the temperature-compensated first natural frequency over recent weeks with anomalous days marked, the alarm band, and a 30-day forecast with 80 % and 95 % bands`}
        />
      )}
    </section>
  );
}

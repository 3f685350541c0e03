import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { Spinner } from '../../ui/spinner';
import type { BridgeEvaluation } from './bridge-evaluation';
import { dashboardQueries } from './dashboard-queries';
import * as styles from './dashboard.css';
import { ForecastChart } from './forecast-chart';
import { UpdatedAt } from './when';

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
  evaluation: BridgeEvaluation;
  /** When the evaluation last came from the server (epoch ms). */
  updatedAt: number;
}

/**
 * Spec §2: 'Anomalies Detected: N' with the prediction. On screen the chart is drawn in SVG from
 * the forecast series, crisp at any width and readable point by point; the server's PNG (spec §7)
 * is fetched as before, offered as a download and used when the page is printed.
 */
export function PredictionCard({ bridgeName, evaluation, updatedAt }: PredictionCardProps) {
  const api = useApi();
  const image = useQuery(dashboardQueries.prediction(api, bridgeName));
  const forecast = useQuery(dashboardQueries.forecast(api, bridgeName));
  const url = useObjectUrl(image.data);
  const fileName = `${bridgeName.replace(/[^\w-]+/g, '-')}-prediction.png`;

  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="prediction-title">
      <h2 id="prediction-title" className={styles.cardTitle}>
        Prediction
      </h2>
      <p className={styles.big}>Anomalies Detected: {evaluation.episodes}</p>
      <UpdatedAt at={updatedAt} />
      {forecast.isPending && <Spinner label="Loading the forecast" />}
      {forecast.isError && <p className={styles.muted}>The forecast could not be loaded.</p>}
      {forecast.isSuccess &&
        (forecast.data ? (
          <div className={styles.screenOnly}>
            <ForecastChart series={forecast.data} />
          </div>
        ) : (
          <p className={styles.muted}>No forecast yet: the bridge has not been assessed.</p>
        ))}
      {image.isError && <p className={styles.muted}>The prediction image could not be loaded.</p>}
      {url && (
        <>
          <img
            className={styles.printOnly}
            src={url}
            alt={`Prediction chart for ${bridgeName}: the health indicator over recent weeks with anomalous days marked, the alarm band, and a 30-day forecast with 80 % and 95 % bands`}
          />
          <p className={`${styles.actions} ${styles.screenOnly}`}>
            <a className={styles.downloadLink} href={url} download={fileName}>
              Download the prediction chart (PNG)
            </a>
          </p>
        </>
      )}
    </section>
  );
}

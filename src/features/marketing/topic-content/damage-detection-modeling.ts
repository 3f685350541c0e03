import { type TopicContent, images } from './topic-content';

export const damageDetectionModeling: TopicContent = {
  image: images.dashboard,
  overview: [
    'Damage Detection Modeling finds the readings that do not fit. For every monitored bridge we train an autoencoder, a neural network that learns to rebuild windows of normal sensor data, on weeks of readings from healthy service.',
    'When a new window arrives, the model tries to rebuild it. Normal behaviour is rebuilt closely; a crack, a seized bearing or a loosened connection changes the response in ways the model has never seen, and the reconstruction error rises. Windows whose error exceeds a threshold set from the bridge’s own history are flagged as anomalies, with the sensors that contributed most.',
  ],
  features: [
    {
      title: 'Features engineered for structures',
      text: 'Peak and RMS strain, RMS acceleration, dominant vibration frequencies from the FFT, and temperature, computed for each window of each data stream.',
    },
    {
      title: 'One model per structure',
      text: 'Each bridge is compared with itself, not with a generic fleet average, so unusual but healthy designs do not raise false alarms.',
    },
    {
      title: 'Thresholds from history',
      text: 'The anomaly threshold is set from the distribution of reconstruction errors in normal service and reviewed as seasons pass.',
    },
    {
      title: 'Explainable flags',
      text: 'Each anomaly lists the sensors and features that contributed most to its error, pointing inspectors to the component to check first.',
    },
  ],
  benefits: [
    'Damage found from the data, often before it is visible.',
    'Fewer false alarms from temperature, wind and traffic peaks.',
    'Inspections that start at the right component.',
    'Models that improve as each structure’s history grows.',
  ],
  caseStudies: [
    {
      title: 'A steel truss bridge in Manitoba',
      text: 'Anomalies in the vertical acceleration of one floor beam persisted over three days without any matching change in traffic or temperature.',
      result:
        'Inspectors found a cracked floor-beam connection, repaired before it affected the deck.',
    },
    {
      title: 'A pedestrian bridge in Vancouver',
      text: 'A shift in the first vertical vibration frequency of a lightweight footbridge was flagged after a winter storm.',
      result:
        'A damaged bearing was replaced within two weeks, and the frequency returned to its baseline.',
    },
  ],
};

/** The fields of a contact group or notification rule that the server's refusals name. */
export const ROUTING_FIELD =
  /^(name|members|bridge_id|alert_types|min_severity|group_id|channels|tier):\s*(.+)$/s;

-- Support desk, staff, marketing and operations.

CREATE TABLE department (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  parent_id BIGINT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_department_parent_id FOREIGN KEY (parent_id) REFERENCES department (id) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE employee (
  id BIGINT NOT NULL AUTO_INCREMENT,
  department_id BIGINT NOT NULL,
  full_name VARCHAR(120) NOT NULL,
  email VARCHAR(190) NOT NULL,
  hired_on DATE NOT NULL,
  left_on DATE NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_employee_email (email),
  CONSTRAINT fk_employee_department_id FOREIGN KEY (department_id) REFERENCES department (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE employee_role_assignment (
  id BIGINT NOT NULL AUTO_INCREMENT,
  employee_id BIGINT NOT NULL,
  role_code VARCHAR(20) NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_employee_role_assignment_employee_id FOREIGN KEY (employee_id) REFERENCES employee (id) ON DELETE CASCADE,
  CONSTRAINT fk_employee_role_assignment_role_code FOREIGN KEY (role_code) REFERENCES employee_role (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE work_shift (
  id BIGINT NOT NULL AUTO_INCREMENT,
  employee_id BIGINT NOT NULL,
  warehouse_id BIGINT NULL,
  starts_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  ends_at TIMESTAMP NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_work_shift_employee_id FOREIGN KEY (employee_id) REFERENCES employee (id) ON DELETE CASCADE,
  CONSTRAINT fk_work_shift_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE sla_policy (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  priority_code VARCHAR(10) NOT NULL,
  resolution_hours INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_sla_policy_priority_code FOREIGN KEY (priority_code) REFERENCES ticket_priority (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE support_ticket (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  order_id BIGINT NULL,
  priority_code VARCHAR(10) NOT NULL,
  subject VARCHAR(200) NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'OPEN',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  closed_at TIMESTAMP NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_support_ticket_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id),
  CONSTRAINT fk_support_ticket_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE SET NULL,
  CONSTRAINT fk_support_ticket_priority_code FOREIGN KEY (priority_code) REFERENCES ticket_priority (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE ticket_message (
  id BIGINT NOT NULL AUTO_INCREMENT,
  ticket_id BIGINT NOT NULL,
  author_kind VARCHAR(10) NOT NULL,
  body TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_ticket_message_ticket_id FOREIGN KEY (ticket_id) REFERENCES support_ticket (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE ticket_attachment (
  id BIGINT NOT NULL AUTO_INCREMENT,
  message_id BIGINT NOT NULL,
  file_name VARCHAR(200) NOT NULL,
  size_bytes BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_ticket_attachment_message_id FOREIGN KEY (message_id) REFERENCES ticket_message (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE ticket_assignment (
  id BIGINT NOT NULL AUTO_INCREMENT,
  ticket_id BIGINT NOT NULL,
  employee_id BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_ticket_assignment_ticket_id FOREIGN KEY (ticket_id) REFERENCES support_ticket (id) ON DELETE CASCADE,
  CONSTRAINT fk_ticket_assignment_employee_id FOREIGN KEY (employee_id) REFERENCES employee (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE ticket_tag (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_ticket_tag_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE ticket_tag_link (
  id BIGINT NOT NULL AUTO_INCREMENT,
  ticket_id BIGINT NOT NULL,
  tag_id BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_ticket_tag_link_ticket_id FOREIGN KEY (ticket_id) REFERENCES support_ticket (id) ON DELETE CASCADE,
  CONSTRAINT fk_ticket_tag_link_tag_id FOREIGN KEY (tag_id) REFERENCES ticket_tag (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE campaign (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  starts_on DATE NOT NULL,
  ends_on DATE NULL,
  budget_cents BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE campaign_segment (
  id BIGINT NOT NULL AUTO_INCREMENT,
  campaign_id BIGINT NOT NULL,
  group_id BIGINT NULL,
  country_code CHAR(2) NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_campaign_segment_campaign_id FOREIGN KEY (campaign_id) REFERENCES campaign (id) ON DELETE CASCADE,
  CONSTRAINT fk_campaign_segment_group_id FOREIGN KEY (group_id) REFERENCES customer_group (id),
  CONSTRAINT fk_campaign_segment_country_code FOREIGN KEY (country_code) REFERENCES country (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE campaign_recipient (
  id BIGINT NOT NULL AUTO_INCREMENT,
  campaign_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  sent_at TIMESTAMP NULL,
  opened_at TIMESTAMP NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_campaign_recipient_campaign_id FOREIGN KEY (campaign_id) REFERENCES campaign (id) ON DELETE CASCADE,
  CONSTRAINT fk_campaign_recipient_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE newsletter_subscription (
  id BIGINT NOT NULL AUTO_INCREMENT,
  email VARCHAR(190) NOT NULL,
  customer_id BIGINT NULL,
  language_code VARCHAR(8) NOT NULL,
  confirmed BOOLEAN NOT NULL DEFAULT FALSE,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_newsletter_email (email),
  CONSTRAINT fk_newsletter_subscription_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE SET NULL,
  CONSTRAINT fk_newsletter_subscription_language_code FOREIGN KEY (language_code) REFERENCES language (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE email_template (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  language_code VARCHAR(8) NOT NULL,
  subject VARCHAR(200) NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_email_template_language_code FOREIGN KEY (language_code) REFERENCES language (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE email_message (
  id BIGINT NOT NULL AUTO_INCREMENT,
  template_id BIGINT NULL,
  recipient VARCHAR(190) NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'QUEUED',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_email_message_template_id FOREIGN KEY (template_id) REFERENCES email_template (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE sms_message (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NULL,
  phone VARCHAR(32) NOT NULL,
  body VARCHAR(320) NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'QUEUED',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_sms_message_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE audit_log (
  id BIGINT NOT NULL AUTO_INCREMENT,
  entity_type VARCHAR(40) NOT NULL,
  entity_id BIGINT NOT NULL,
  action VARCHAR(40) NOT NULL,
  detail VARCHAR(255) NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  KEY ix_audit_entity (entity_type, entity_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE webhook_endpoint (
  id BIGINT NOT NULL AUTO_INCREMENT,
  url VARCHAR(255) NOT NULL,
  secret_hash CHAR(64) NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE webhook_delivery (
  id BIGINT NOT NULL AUTO_INCREMENT,
  endpoint_id BIGINT NOT NULL,
  event_type VARCHAR(60) NOT NULL,
  response_code INT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_webhook_delivery_endpoint_id FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoint (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE api_client (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  key_hash CHAR(64) NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE api_request_log (
  id BIGINT NOT NULL AUTO_INCREMENT,
  client_id BIGINT NOT NULL,
  path VARCHAR(255) NOT NULL,
  status_code INT NOT NULL,
  duration_ms INT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_api_request_log_client_id FOREIGN KEY (client_id) REFERENCES api_client (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE feature_flag (
  id BIGINT NOT NULL AUTO_INCREMENT,
  flag_key VARCHAR(80) NOT NULL,
  enabled BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (id),
  UNIQUE KEY uk_feature_flag (flag_key)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE feature_flag_override (
  id BIGINT NOT NULL AUTO_INCREMENT,
  flag_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  enabled BOOLEAN NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_feature_flag_override_flag_id FOREIGN KEY (flag_id) REFERENCES feature_flag (id) ON DELETE CASCADE,
  CONSTRAINT fk_feature_flag_override_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE report_definition (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  query_text TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE report_run (
  id BIGINT NOT NULL AUTO_INCREMENT,
  definition_id BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'RUNNING',
  row_count INT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_report_run_definition_id FOREIGN KEY (definition_id) REFERENCES report_definition (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE scheduled_job (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  cron VARCHAR(60) NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE job_run (
  id BIGINT NOT NULL AUTO_INCREMENT,
  job_id BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'RUNNING',
  started_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  finished_at TIMESTAMP NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_job_run_job_id FOREIGN KEY (job_id) REFERENCES scheduled_job (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE file_upload (
  id BIGINT NOT NULL AUTO_INCREMENT,
  file_name VARCHAR(200) NOT NULL,
  content_type VARCHAR(100) NOT NULL,
  size_bytes BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE document (
  id BIGINT NOT NULL AUTO_INCREMENT,
  type_code VARCHAR(20) NOT NULL,
  file_id BIGINT NULL,
  order_id BIGINT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_document_type_code FOREIGN KEY (type_code) REFERENCES document_type (code),
  CONSTRAINT fk_document_file_id FOREIGN KEY (file_id) REFERENCES file_upload (id),
  CONSTRAINT fk_document_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE search_query_log (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NULL,
  query_text VARCHAR(255) NOT NULL,
  result_count INT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_search_query_log_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;


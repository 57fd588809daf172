CREATE TABLE country (
  code CHAR(2) NOT NULL PRIMARY KEY,
  name VARCHAR(60) NOT NULL
);

INSERT INTO country (code, name) VALUES ('DE', 'Germany'), ('FR', 'France'), ('IT', 'Italy');

CREATE TABLE customer (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(190) NOT NULL,
  name VARCHAR(120) NOT NULL,
  country_code CHAR(2) NOT NULL,
  UNIQUE KEY uk_customer_email (email),
  CONSTRAINT fk_customer_country FOREIGN KEY (country_code) REFERENCES country (code)
);

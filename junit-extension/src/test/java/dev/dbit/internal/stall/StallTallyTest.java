package dev.dbit.internal.stall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.MeasuredTest;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class StallTallyTest {

  private static TestMetrics metrics(long statements, double jdbc, OptionalDouble serverSql) {
    return MeasuredTest.of(100, 2, statements, jdbc, serverSql, OptionalLong.of(statements));
  }

  @Test
  void addsTheSmallTestsUpAsIfTheyWereOneTest() {
    StallTally tally = new StallTally("CheckoutTest");
    tally.add("Fixture", "a()", metrics(3, 120, OptionalDouble.of(1)), true);
    tally.add("Fixture", "b()", metrics(2, 80, OptionalDouble.of(2)), true);

    TestMetrics total = tally.total();

    assertThat(total.statements()).isEqualTo(5);
    assertThat(total.jdbcMillis()).isEqualTo(200);
    assertThat(total.wallMillis()).isEqualTo(200);
    assertThat(total.cpuMillis()).isEqualTo(4);
    assertThat(total.serverSqlMillis()).hasValue(3);
    assertThat(total.questions()).hasValue(5);
    assertThat(tally.tests()).containsExactly("a()", "b()");
  }

  @Test
  void testsWithoutSqlNeitherDiluteNorCount() {
    StallTally tally = new StallTally("CheckoutTest");
    tally.add("Fixture", "a()", metrics(3, 120, OptionalDouble.of(1)), true);
    tally.add("Fixture", "noSql()", metrics(0, 0, OptionalDouble.of(0)), true);

    assertThat(tally.tests()).containsExactly("a()");
    assertThat(tally.smallTests()).isEqualTo(1);
    assertThat(tally.total().wallMillis()).isEqualTo(100);
  }

  @Test
  void aTestExplainedByItsOwnNumbersIsCountedButNotSummed() {
    StallTally tally = new StallTally("CheckoutTest");
    tally.add("Fixture", "stalled()", metrics(3, 120, OptionalDouble.of(1)), true);
    tally.add("Fixture", "startsSpring()", metrics(3, 20, OptionalDouble.of(1)), false);

    assertThat(tally.tests()).containsExactly("stalled()");
    assertThat(tally.smallTests()).isEqualTo(2);
    assertThat(tally.smallStatements()).isEqualTo(6);
    assertThat(tally.total().statements()).isEqualTo(3);
    assertThat(tally.total().jdbcMillis()).isEqualTo(120);
  }

  @Test
  void serverTimeIsUnknownWhenOneTestLacksIt() {
    StallTally tally = new StallTally("CheckoutTest");
    tally.add("Fixture", "a()", metrics(3, 120, OptionalDouble.of(1)), true);
    tally.add("Fixture", "b()", metrics(3, 120, OptionalDouble.empty()), true);

    assertThat(tally.total().serverSqlMillis()).isEmpty();
  }
}

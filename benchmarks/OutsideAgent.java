// Lets benchmarks/outside_agent.py play against a Cathedral agent written for the Java
// framework of the Kiel University of Applied Sciences' AI course
// (https://github.com/WerthersEchte/cathedral, package de.fhkiel.ki.cathedral), which students
// use to write their agents. Our engine referees; this side keeps the framework's own game in
// step and asks the agent for its moves.
//
// One command a line on stdin, one answer a line on stdout (the agent's own printing is muted):
//   play NAME x,y x,y ...   the other side's placement: "ok", or "err ..." if the framework
//                           refuses it (a building's name in lower case, its squares as x,y)
//   pass                    the side to move cannot place: "ok"
//   think                   the agent moves: "move MS NAME x,y ..." (MS: its milliseconds),
//                           "bad MS NAME ..." if the framework refuses it (the game is unchanged,
//                           ask again), "none MS" if it gives no move
//   board                   the city: 100 digits, row by row, the framework's colour ids
//                           (0 free, 1 Cathedral, 2 Black, 3 Black's, 4 White, 5 White's)
//   quit
// Arguments: the agent's class, then the seconds a turn and the bonus seconds handed to it
// (default 30 and 120, what the course's own window hands its agents).
//
// Build (no network: the sources of the framework and of an agent, checked out beforehand):
//   javac -d classes $(find FRAMEWORK/src/main/java/de/fhkiel/ki/cathedral/{game,ai,utility} \
//         AGENT/src -name '*.java' -not -name Main.java) benchmarks/OutsideAgent.java

import de.fhkiel.ki.cathedral.ai.Agent;
import de.fhkiel.ki.cathedral.game.Building;
import de.fhkiel.ki.cathedral.game.Color;
import de.fhkiel.ki.cathedral.game.Game;
import de.fhkiel.ki.cathedral.game.Placement;
import de.fhkiel.ki.cathedral.game.Position;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

public class OutsideAgent {

  /** A placement's squares, "x,y" sorted as text (the Python side sorts them alike). */
  static String squares(Placement placement) {
    List<String> out = new ArrayList<>();
    for (Position part : placement.form()) {
      Position at = part.plus(placement.position());
      out.add(at.x() + "," + at.y());
    }
    Collections.sort(out);
    return String.join(" ", out);
  }

  /** "Black_Castle" is a "castle", "Blue_Cathedral" the "cathedral". */
  static String kind(Building building) {
    String name = building.name();
    return name.substring(name.indexOf('_') + 1).toLowerCase();
  }

  public static void main(String[] args) throws Exception {
    Agent agent = (Agent) Class.forName(args[0]).getDeclaredConstructor().newInstance();
    int turnSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    int bonusSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 120;
    PrintStream answer = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
    PrintStream muted = new PrintStream(OutputStream.nullOutputStream());
    System.setOut(muted);
    Game game = new Game();
    agent.initialize(game, muted);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    String line;
    while ((line = in.readLine()) != null) {
      String[] words = line.trim().split(" ");
      switch (words[0]) {
        case "quit" -> {
          answer.println("bye");
          System.exit(0);
        }
        case "pass" -> {
          game.passTurn();
          answer.println("ok");
        }
        case "board" -> {
          StringBuilder city = new StringBuilder();
          Color[][] field = game.getBoard().getField();
          for (int y = 0; y < 10; y++) {
            for (int x = 0; x < 10; x++) {
              city.append(field[y][x].getId());
            }
          }
          answer.println(city);
        }
        case "play" -> {
          if (words.length < 3) {
            answer.println("err a placement needs a building and its squares");
            break;
          }
          List<String> wanted = new ArrayList<>(Arrays.asList(words).subList(2, words.length));
          Collections.sort(wanted);
          String target = String.join(" ", wanted);
          Placement found = null;
          for (Building building : Building.values()) {
            if (kind(building).equals(words[1]) && building.getColor() == game.getCurrentPlayer()) {
              for (Placement p : building.getPossiblePlacements(game.getBoard())) {
                if (squares(p).equals(target)) {
                  found = p;
                }
              }
            }
          }
          answer.println(found != null && game.takeTurn(found) ? "ok"
              : "err the framework has no such placement for " + game.getCurrentPlayer().name());
        }
        case "think" -> {
          long start = System.nanoTime();
          Optional<Placement> move = agent.calculateTurn(game.copy(), turnSeconds, bonusSeconds);
          long ms = (System.nanoTime() - start) / 1_000_000;
          if (move.isEmpty()) {
            answer.println("none " + ms);
            break;
          }
          Placement placement = move.get();
          boolean taken = game.takeTurn(placement);
          answer.println((taken ? "move " : "bad ") + ms + " " + kind(placement.building()) + " "
              + squares(placement));
        }
        default -> answer.println("err unknown command " + words[0]);
      }
    }
  }
}
